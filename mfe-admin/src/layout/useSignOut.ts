import { useNavigate } from 'react-router-dom';
import { useSignOut as useSessionSignOut } from '@pharmacy/session';
import { toast } from '@pharmacy/ui';

/** Admin Panel "Sign Out" (docs/product.md#admin-panel): success returns to "/", failure (the user stays signed in) says why. */
export function useSignOut() {
  const navigate = useNavigate();
  return useSessionSignOut({
    onSignedOut: () => {
      navigate('/', { replace: true });
      // A host guard may send the now signed-out visitor to /sign-in in that same update; going home again once
      // it has settled makes "/" win whatever the host's guard does.
      setTimeout(() => navigate('/', { replace: true }), 0);
    },
    onFailed: (message) => toast({ title: 'Could not sign out', description: message, variant: 'destructive' }),
  });
}
