import { useCallback, useEffect, useRef, useState } from 'react';
import type { GeoPoint } from './distance';
import { rememberPosition } from './rememberedPosition';
import { requestPosition, type GeolocationFailure, type PositionSource } from './geolocation';

export type PositionState =
  | { status: 'idle' }
  | { status: 'locating'; position?: GeoPoint }
  | { status: 'located'; position: GeoPoint }
  | { status: 'failed'; failure: GeolocationFailure };

/**
 * The visitor's position, held in this component's memory only: never in the URL, storage or a
 * request. `locate` asks the browser; the answer of an older request never overwrites a newer one.
 */
export function useVisitorPosition(source?: PositionSource) {
  const [state, setState] = useState<PositionState>({ status: 'idle' });
  const latestRequest = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback((): Promise<GeoPoint | null> => {
    const request = ++latestRequest.current;
    setState((previous) => ({
      status: 'locating',
      position: previous.status === 'located' ? previous.position : undefined,
    }));
    const current = () => mounted.current && request === latestRequest.current;
    return requestPosition(
      source ?? (typeof navigator === 'undefined' ? undefined : navigator.geolocation),
    ).then(
      (position) => {
        rememberPosition(position);
        if (current()) setState({ status: 'located', position });
        return position;
      },
      (failure: GeolocationFailure) => {
        if (current()) setState({ status: 'failed', failure });
        return null;
      },
    );
  }, [source]);

  const position = state.status === 'located' || state.status === 'locating' ? state.position : undefined;
  return { state, position, locate };
}
