export { RemoteReportStore, REPORT_BUCKET_MS, bucketOf, type VersionHealth } from './store';
export { remoteReportRoutes } from './routes';
