import type { ProjectRole, ProjectCreateInput, ProjectUpdateInput } from '#common/schemas/projects.ts';
import type { ApprovalChainInput } from '#common/schemas/approval-chain.ts';
import type { BrandProposal } from '#common/schemas/brand-reader.ts';
import { api, call } from '#client/lib/api.ts';

const byId = api.api.projects[':projectId'];

/**
 * The projects endpoints the project cards and dialogs call (settings, brand kit, members,
 * invitations); the response types are the worker's (inferred through the typed client).
 */
export const projectsApi = {
  create: (json: ProjectCreateInput) => call(api.api.projects.$post({ json })),
  /** Changes some of the project's fields: name, description, website, archived, brand kit. */
  update: (projectId: string, json: ProjectUpdateInput) => call(byId.$patch({ param: { projectId }, json })),
  /**
   * Reads the customer's website into a brand-kit proposal (`common/schemas/brand-reader.ts`);
   * nothing is saved but the logo, into the media library.
   */
  readBrand: (projectId: string, url: string): Promise<BrandProposal> => call(byId['brand-kit'].read.$post({ param: { projectId }, json: { url } })),
  remove: (projectId: string) => call(byId.$delete({ param: { projectId } })),
  members: (projectId: string) => call(byId.members.$get({ param: { projectId } })),
  /** Invites someone by email (an email with the invitation link goes out). */
  invite: (projectId: string, json: { email: string; role: 'editor' | 'viewer' }) => call(byId.members.$post({ param: { projectId }, json })),
  withdrawInvite: (projectId: string, inviteId: string) => call(byId.invites[':inviteId'].$delete({ param: { projectId, inviteId } })),
  /** A member's new role; `owner` transfers the project to them. */
  setRole: (projectId: string, userId: string, role: ProjectRole) => call(byId.members[':userId'].$patch({ param: { projectId, userId }, json: { role } })),
  /** Removes a member (or the user themself: leaving the project). */
  removeMember: (projectId: string, userId: string) => call(byId.members[':userId'].$delete({ param: { projectId, userId } })),
  /** The invitation of `/projects?invite=<token>`, as the signed-in user sees it. */
  invitation: (token: string) => call(api.api.invites[':token'].$get({ param: { token } })),
  acceptInvitation: (token: string) => call(api.api.invites[':token'].accept.$post({ param: { token } })),
  /** The project's approval chain (decision 0050): its mode and ordered levels. */
  chain: (projectId: string) => call(byId['approval-chain'].$get({ param: { projectId } })),
  saveChain: (projectId: string, json: ApprovalChainInput) => call(byId['approval-chain'].$put({ param: { projectId }, json })),
};
