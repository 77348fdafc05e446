/**
 * Publishing moved to publish-service.ts: other features and jobs reach it there (the import
 * rules let a feature be used only through a `*service.ts`). This re-export keeps imports of
 * the old path compiling until they move; it goes then.
 */
export { cancelScheduled, postsFor, publishDue, schedulePost } from '#worker/features/instagram/publish-service.ts';
export type { PostOutcome, PublishDueOptions, SchedulePostInput } from '#worker/features/instagram/publish-service.ts';
