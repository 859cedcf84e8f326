import type { Region } from '@contract/enums';
import { currentRegion } from './region';
import { writeJson } from './storage';
import { createStore } from './store';

/** SPEC §3: the main store holds the region and an isLoading flag; the region is also kept under its own key. */
export interface MainState {
  region: Region;
  isLoading: boolean;
}

const persist = (state: MainState): void => {
  writeJson('main', state);
  writeJson('region', state.region);
};

const initial: MainState = { region: currentRegion(), isLoading: false };
persist(initial);

export const mainStore = createStore<MainState>(initial, persist);
