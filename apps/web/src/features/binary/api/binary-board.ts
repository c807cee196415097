import { binaryEndpoints } from '@backlay/contract/bettor/binary';
import type { BinaryBoard } from '@backlay/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryEndpoint } from '../../../lib/api.ts';

/** POST binary/getBoard — every instrument by session group; live changes arrive over the socket (no polling). */
export const getBinaryBoard = (signal?: AbortSignal): Promise<BinaryBoard> =>
  queryEndpoint(binaryEndpoints.getBinaryBoard, undefined, { signal });

export const binaryBoardKey = ['binaryBoard'] as const;

export const binaryBoardQueryOptions = () =>
  queryOptions({ queryKey: binaryBoardKey, queryFn: ({ signal }) => getBinaryBoard(signal), retry: false });

export const useBinaryBoard = () => useQuery(binaryBoardQueryOptions());
