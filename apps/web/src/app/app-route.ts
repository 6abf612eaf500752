import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteKind } from './guard';

// A route of the route table (route-table.ts): its path, its kind (which the guard reads), and its
// screen.

export type Screen = LazyExoticComponent<ComponentType>;

export interface AppRoute {
  path: string;
  kind: RouteKind;
  screen: Screen | null;
}
