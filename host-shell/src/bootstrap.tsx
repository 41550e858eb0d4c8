import { registerPlugins } from '@module-federation/enhanced/runtime';
import { createAppStore } from '@pharmacy/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { recordHostReact } from './oneReact';
import { freshRetryPlugin, registerRemotesFromConfig, remoteFallbackPlugin } from './remotes';

recordHostReact();
// before any loadRemote: a remote that fails becomes a fallback module instead of a rejected import, and a retried
// remote's manifest and entry are fetched afresh
registerPlugins([remoteFallbackPlugin(), freshRetryPlugin()]);

const store = createAppStore();

// Render whatever happens to /remotes.json: routes of remotes it did not register show their fallback.
void registerRemotesFromConfig().finally(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App store={store} router={createAppRouter()} />
    </StrictMode>,
  );
});
