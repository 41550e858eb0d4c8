import {
  RemoteChangeResponse,
  RemoteDeployBody,
  RemoteListResponse,
  RemoteNameParams,
  StrictObject,
  type RemoteName,
} from '@pharmacy/contracts';
import { auditPlugin, badRequest, ok, okList, responses, unprocessable, type AuditSink, type FastifyPluginAsyncTypebox } from '@pharmacy/service-kit';
import { deployAccess, deployerOf, pipelineActorOf } from './deploy-auth';
import { buildInfoOf, fetchManifestText, ManifestProblem, mismatches, parseManifest } from './manifest';
import type { OriginRule } from './origins';
import type { RemoteRegistry } from './registry';

const NoQuery = StrictObject({});

/**
 * The manifest URL as browsers will be given it (in /remotes.json and a Link header): parsed and re-serialised, so
 * spaces and angle brackets are escaped; refused with a reason when it carries credentials, which would be public.
 */
function normalised(manifestUrl: string): string {
  let url: URL;
  try {
    url = new URL(manifestUrl, 'http://shop.invalid');
  } catch {
    throw badRequest('manifestUrl is not a valid URL.');
  }
  if (url.username || url.password) throw badRequest('manifestUrl must not contain a user name or password: every shopper\'s browser is given it.');
  return manifestUrl.startsWith('/') ? `${url.pathname}${url.search}` : url.href;
}

export interface RemoteRoutesOptions {
  registry: RemoteRegistry;
  /** Where the built apps are: a same-origin manifest is read from there. */
  root: string;
  /** The versions of the shared packages the host provides now. */
  hostShared: () => ReadonlyMap<string, string>;
  /** REMOTE_DEPLOY_TOKEN: remote → secret. */
  deployTokens: Readonly<Record<string, string>>;
  /** The origins a manifest may be fetched from (remotes/origins.ts). */
  originAllowed: OriginRule;
  /** Where deploys and rollbacks are recorded (docs/architecture.md#audit-trail). */
  audit: AuditSink;
}

/**
 * The remote registry (docs/api.md#remote-registry): what is live, deploy a build after checking it fits the host,
 * roll back. Staff with an admin session, or a team's pipeline with its remote's deploy token.
 */
export const remoteRoutes: FastifyPluginAsyncTypebox<RemoteRoutesOptions> = async (app, { registry, root, hostShared, deployTokens, originAllowed, audit }) => {
  await app.register(auditPlugin, { sink: audit, service: 'gateway' });
  app.addHook('preHandler', deployAccess(deployTokens));

  app.get('/api/admin/remotes', { schema: { tags: ['remotes'], querystring: NoQuery, response: responses(RemoteListResponse) } }, async () => {
    const { data, history } = await registry.list();
    return okList(data, { history });
  });

  app.put(
    '/api/admin/remotes/:name',
    { schema: { tags: ['remotes'], params: RemoteNameParams, querystring: NoQuery, body: RemoteDeployBody, response: responses(RemoteChangeResponse) } },
    async (request) => {
      const name = request.params.name as RemoteName;
      const manifestUrl = normalised(request.body.manifestUrl);
      let problems: string[];
      let manifest;
      try {
        manifest = parseManifest(await fetchManifestText(manifestUrl, { root, originAllowed, log: request.log }));
        problems = mismatches(name, manifest, hostShared());
      } catch (err) {
        if (!(err instanceof ManifestProblem)) throw err;
        problems = [err.message];
      }
      if (problems.length || !manifest) throw unprocessable(`The ${name} build at ${manifestUrl} cannot go live: ${problems.join('; ')}.`);
      const by = deployerOf(request);
      const result = await registry.deploy(name, { manifestUrl, buildInfo: buildInfoOf(manifest), deployedAt: new Date().toISOString(), deployedBy: by });
      request.log.info({ remote: name, from: result.change.from, to: manifestUrl, by }, 'remote deployed');
      await request.audit({
        action: 'remote.deploy',
        entity: { type: 'remote', id: name, name },
        before: { manifestUrl: result.change.from },
        after: { manifestUrl, buildInfo: result.deployment.buildInfo },
        actor: pipelineActorOf(request),
      });
      return ok(result, `${name} is live from ${manifestUrl}.`);
    },
  );

  app.post(
    '/api/admin/remotes/:name/rollback',
    { schema: { tags: ['remotes'], params: RemoteNameParams, querystring: NoQuery, response: responses(RemoteChangeResponse) } },
    async (request) => {
      const name = request.params.name as RemoteName;
      const result = await registry.rollback(name, deployerOf(request));
      request.log.info({ remote: name, to: result.change.to, by: result.change.by }, 'remote rolled back');
      await request.audit({
        action: 'remote.rollback',
        entity: { type: 'remote', id: name, name },
        before: { manifestUrl: result.change.from },
        after: { manifestUrl: result.change.to },
        actor: pipelineActorOf(request),
      });
      return ok(result, `${name} is back on ${result.change.to}.`);
    },
  );
};
