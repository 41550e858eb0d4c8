// The singletons a remote's server build takes from the host's (shared/webpack-config serverConfig): the same list
// the browser shares through Module Federation, so the whole page renders on one React, one router, one
// styled-components sheet, one store. A remote asking for a module missing here fails to load and its slots are
// rendered in the browser.
import * as Toolkit from '@reduxjs/toolkit';
import * as Session from '@pharmacy/session';
import * as Ui from '@pharmacy/ui';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactRedux from 'react-redux';
import * as Router from 'react-router-dom';
import * as Redux from 'redux';
import * as ReduxSaga from 'redux-saga';
import * as SagaEffects from 'redux-saga/effects';
import * as StyledComponents from 'styled-components';

export const sharedModules: Readonly<Record<string, unknown>> = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDom,
  'react-router-dom': Router,
  'react-redux': ReactRedux,
  redux: Redux,
  '@reduxjs/toolkit': Toolkit,
  'redux-saga': ReduxSaga,
  'redux-saga/effects': SagaEffects,
  'styled-components': StyledComponents,
  '@pharmacy/session': Session,
  '@pharmacy/ui': Ui,
};
