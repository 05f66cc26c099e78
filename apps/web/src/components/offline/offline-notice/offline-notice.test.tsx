import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAVED_AT_HEADER } from '@/lib/offline-copy.ts';
import { noteAnswer, useKeptSince } from '@/lib/offline-status.ts';
import { PORTAL_READS } from '@/lib/portal-reads.ts';
import { OfflineNotice } from './offline-notice.tsx';

const PATH = '/api/profesionales/obrasocial';

/** A screen of the cartilla's read, as the directory shows its notice. */
function KeptCartilla() {
  return <OfflineNotice savedAt={useKeptSince(PORTAL_READS.cartilla)} what="cartilla" />;
}

describe('OfflineNotice', () => {
  it('says when the kept copy on screen was saved, in Buenos Aires time, and goes with a fresh answer', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <KeptCartilla />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    act(() =>
      noteAnswer(`${PATH}`, new Response('', { headers: { [SAVED_AT_HEADER]: '2026-11-27T17:05:00.000Z' } })),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Sin conexión — cartilla del 27/11/2026 14:05');

    act(() => noteAnswer(PATH, new Response('')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
