// Remote "account": exactly the exposes of AccountExposes in shared/contracts/src/remotes.ts.
const { createRemoteConfig } = require('@pharmacy/webpack-config');

module.exports = (_env, argv) =>
  createRemoteConfig({
    dir: __dirname,
    name: 'account',
    port: 3003,
    mode: argv.mode,
    exposes: {
      './SignUpPage': './src/exposes/SignUpPage.tsx',
      './SignInPage': './src/exposes/SignInPage.tsx',
      './ForgotPasswordPage': './src/exposes/ForgotPasswordPage.tsx',
      './ResetPasswordPage': './src/exposes/ResetPasswordPage.tsx',
      './ProfilePage': './src/exposes/ProfilePage.tsx',
      './ChangePasswordPage': './src/exposes/ChangePasswordPage.tsx',
      './NeedHelpPage': './src/exposes/NeedHelpPage.tsx',
      './SuggestIdeaPage': './src/exposes/SuggestIdeaPage.tsx',
      './MyOrdersPage': './src/exposes/MyOrdersPage.tsx',
      './PrescriptionsPage': './src/exposes/PrescriptionsPage.tsx',
      './RecallNoticePage': './src/exposes/RecallNoticePage.tsx',
      './DateOfBirthDialog': './src/exposes/DateOfBirthDialog.tsx',
    },
  });
