/**
 * What the hub's plugins share: the venue, the store, the ingest and the links' states.
 */
import type { VenueConfig } from '../shared/venue';
import type { EventStore } from './store/types';
import type { Ingest } from './ingest/pipeline';
import type { LinkState } from './ingest/serial';
import type { ClockSync } from './time/sync';

export interface LinkView {
  name: string;
  state(): LinkState;
}

export interface HubContext {
  venue: VenueConfig;
  store: EventStore;
  ingest: Ingest;
  links: LinkView[];
  clock: ClockSync;
}
