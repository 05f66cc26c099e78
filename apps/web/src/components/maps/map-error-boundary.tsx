import { Component, type ReactNode } from 'react';

interface MapErrorBoundaryProps {
  /** What the map area shows instead. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a failed map to its own area: its code not loading (offline, a new
 * deployment) or Leaflet throwing must never take the screen around it down.
 * React logs the error itself.
 */
export class MapErrorBoundary extends Component<MapErrorBoundaryProps, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
