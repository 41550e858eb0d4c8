import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation: DefaultTheme becomes AppTheme, adding nothing
  export interface DefaultTheme extends AppTheme {}
}
