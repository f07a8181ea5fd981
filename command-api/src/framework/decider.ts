// Moved to the domain core; this stays only until the sharing and account deciders move there too.
export { fold, type Decider } from '@accommodate/shared-events/domain/decider';
