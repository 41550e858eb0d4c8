// The async boundary: shared singletons (React, the store libraries) are negotiated with the remotes before
// any of them is evaluated.
import('./bootstrap');
