// The async boundary: shared singletons (React, the store libraries) are negotiated with the remotes before
// any of them is evaluated. The libraries are evaluated a few at a time, each group in a task of its own, then
// the app: a phone's main thread is never held for the whole start (the page is already on screen, rendered by
// the server, and stays responsive while it attaches).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void import('react-dom/client')
  .then(nextTask)
  .then(() => Promise.all([import('styled-components'), import('react-router-dom')]))
  .then(nextTask)
  .then(() => Promise.all([import('@reduxjs/toolkit'), import('react-redux'), import('redux-saga')]))
  .then(nextTask)
  .then(() => import('./bootstrap'));
