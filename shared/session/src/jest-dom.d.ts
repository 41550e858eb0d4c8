// Types of the jest-dom matchers that tools/jest preset registers at run time (toBeInTheDocument, ...).
/// <reference types="@testing-library/jest-dom" />
