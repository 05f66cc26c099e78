import { type CartillaProfesional, isAttendingAt, isOnCallAt, MESSAGES } from '@red-dental/contracts';
import {
  lazy,
  type ReactNode,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { DirectoryMap, preloadDirectoryMap } from '@/components/maps/directory-map/index.ts';
import { OfflineNotice } from '@/components/offline/offline-notice/index.ts';
import { Alert } from '@/components/ui/alert/index.ts';
import { Button } from '@/components/ui/button/index.ts';
import { Checkbox } from '@/components/ui/checkbox/index.ts';
import { CloseIcon } from '@/components/ui/icons/index.ts';
import { PageLoading } from '@/components/ui/page-status/index.ts';
import { MapIcon } from '@/components/ui/screen-icons/index.ts';
import { Select } from '@/components/ui/select/index.ts';
import { formatCount, formatMomentDate } from '@/lib/format.ts';
import { usePrinting } from '@/lib/use-printing.ts';
import { useCartilla } from '../api/get-cartilla.ts';
import styles from './cartilla.module.css';
import {
  applyFilters,
  type CartillaEntry,
  type CartillaFilters,
  especialidadOptions,
  localidadOptions,
  NO_FILTERS,
  type Place,
  specialtiesOf,
} from './cartilla-filters.ts';
import { ProviderCard } from './provider-card.tsx';
import type { ScheduleKind } from './schedule-modal.tsx';
import { useNearMe } from './use-near-me.ts';

// The dialog loads when first opened: the week's table is not part of reading the list.
const ScheduleModal = lazy(() =>
  import('./schedule-modal.tsx').then((module) => ({ default: module.ScheduleModal })),
);

/**
 * Cards drawn at first (a phone's screen shows three or four, and each drawn
 * card costs it time before the page answers), and added each time the list is
 * scrolled near its end or 'Mostrar más' is pressed.
 */
const CARDS_AT_FIRST = 12;
const CARDS_PER_STEP = 50;

const NO_ENTRIES: CartillaEntry[] = [];

/** 'Atiende ahora' and 'De guardia ahora' are read again every minute. */
const CLOCK_TICK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What the affiliate reports on a listing's data (a matter of the reports; the route composes it). */
export interface CartillaReports {
  /** The affiliate's own reports, under the directory; `enabled` once the list is drawn and online. */
  renderMisReportes: (enabled: boolean) => ReactNode;
  /** 'Informar un error' on a provider, opened from its card. */
  renderReportModal: (profesional: CartillaProfesional, onClose: () => void) => ReactNode;
}

/** `/cartilla`: the affiliate's providers on a map and in a list that works without it. */
export function Cartilla(reports: CartillaReports) {
  const cartilla = useCartilla();
  // The cartilla always shows its map: its code is asked for as the screen opens, so it is ready
  // when the providers arrive (if it cannot load, the map says so and the list goes on).
  useEffect(() => void preloadDirectoryMap().catch(() => undefined), []);
  // The list and the map are drawn in the background, yielding to the phone every few milliseconds,
  // instead of in the one long task that follows the answer.
  const providers = useDeferredValue(cartilla.data);
  if (cartilla.isPending || (cartilla.data && !providers)) return <PageLoading />;
  return <Directory providers={providers ?? []} keptSince={cartilla.keptSince} {...reports} />;
}

function Directory({
  providers,
  keptSince,
  renderMisReportes,
  renderReportModal,
}: CartillaReports & { providers: CartillaProfesional[]; keptSince: string | null }) {
  const now = useNow();
  const [filters, setFilters] = useState<CartillaFilters>(NO_FILTERS);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ id: number; seq: number } | null>(null);
  const [schedule, setSchedule] = useState<{ profesional: CartillaProfesional; kind: ScheduleKind } | null>(
    null,
  );
  const [reporting, setReporting] = useState<CartillaProfesional | null>(null);
  const nearMe = useNearMe();
  const cards = useRef(new Map<number, HTMLElement>());

  const especialidades = useMemo(() => especialidadOptions(providers), [providers]);
  const localidades = useMemo(() => localidadOptions(providers), [providers]);
  const origin: Place | null = nearMe.place;
  const entries = useMemo(
    () => applyFilters(providers, filters, now, origin),
    [providers, filters, now, origin],
  );
  // The markers change (and the map recentres) only when the set of providers does, not on each minute's tick.
  const markerIds = entries.map((e) => e.profesional.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the ids the entries hold
  const markers = useMemo(
    () => entries.map(({ profesional: p }) => ({ id: p.id, nombre: p.nombre, lat: p.lat, long: p.long })),
    [markerIds],
  );

  // The list draws its cards a step at a time: thousands at once would hold the first paint.
  const [shown, setShown] = useState(CARDS_AT_FIRST);
  // biome-ignore lint/correctness/useExhaustiveDependencies: other filters (not the clock's minute) start again from the first step
  useEffect(() => setShown(CARDS_AT_FIRST), [filters, origin]);
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => {
        if (seen.some((entry) => entry.isIntersecting)) setShown((n) => n + CARDS_PER_STEP);
      },
      // A screen ahead, so the next cards are there before the reader reaches them.
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  });
  // The cards follow the map, drawn in the background: the map's first tiles are asked for
  // without waiting for them, and a phone stays responsive while they are made.
  const listed = useDeferredValue(entries, NO_ENTRIES);
  // The printed list holds every provider of the filtered list: it is made only to be printed.
  const isPrinting = usePrinting();
  // Offline the kept directory shows; the affiliate's reports need the server.
  const isOffline = keptSince !== null;

  const set = <K extends keyof CartillaFilters>(key: K, value: CartillaFilters[K]) =>
    setFilters((current) => ({ ...current, [key]: value }));

  // A card: toggles its details and takes the map there (zoom 16).
  const toggleCard = (id: number) => {
    setExpandedId((current) => (current === id ? null : id));
    setSelectedId(id);
    setFocus((current) => ({ id, seq: (current?.seq ?? 0) + 1 }));
  };

  // A marker: selects its card (drawing the list that far if needed), opens it and brings it into view.
  const [scrollTo, setScrollTo] = useState<{ id: number; seq: number } | null>(null);
  const selectFromMap = (id: number) => {
    setSelectedId(id);
    setExpandedId(id);
    const index = entries.findIndex((e) => e.profesional.id === id);
    if (index >= shown) setShown(Math.ceil((index + 1) / CARDS_PER_STEP) * CARDS_PER_STEP);
    setScrollTo((current) => ({ id, seq: (current?.seq ?? 0) + 1 }));
  };
  // Runs once the chosen card is drawn.
  useEffect(() => {
    if (scrollTo) cards.current.get(scrollTo.id)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [scrollTo]);

  return (
    <div className={styles.page}>
      <p className={styles.printHeading}>
        Cartilla de prestadores · Vigente al {formatMomentDate(now.toISOString())}
      </p>
      <OfflineNotice savedAt={keptSince} what="cartilla" />

      <section className={styles.filters} aria-label="Filtros de la cartilla">
        <ClearableSelect
          label="Especialidad"
          allLabel="Todas las especialidades"
          value={filters.especialidadId}
          options={especialidades}
          onChange={(value) => set('especialidadId', value)}
        />
        <ClearableSelect
          label="Localidad"
          allLabel="Todas las localidades"
          value={filters.localidad}
          options={localidades}
          onChange={(value) => set('localidad', value)}
        />
        <div className={styles.toggles}>
          <Checkbox
            label="Atiende ahora"
            checked={filters.atiendeAhora}
            onChange={(e) => set('atiendeAhora', e.target.checked)}
          />
          <Checkbox
            label="De guardia ahora"
            checked={filters.deGuardiaAhora}
            onChange={(e) => set('deGuardiaAhora', e.target.checked)}
          />
          <Checkbox
            label="Acepta nuevos pacientes"
            checked={filters.aceptaNuevosPacientes}
            onChange={(e) => set('aceptaNuevosPacientes', e.target.checked)}
          />
        </div>
        <div className={styles.tools}>
          <Button
            variant="secondary"
            icon={<MapIcon size={18} />}
            isLoading={nearMe.isLocating}
            aria-pressed={origin !== null}
            onClick={nearMe.toggle}
          >
            Cerca mío
          </Button>
          <Button variant="secondary" onClick={() => window.print()}>
            Imprimir cartilla
          </Button>
        </div>
        {nearMe.error && (
          <Alert variant="warning" className={styles.notice}>
            {nearMe.error}
          </Alert>
        )}
      </section>

      <div className={styles.body}>
        <section className={styles.listArea} aria-labelledby="cartilla-resultados">
          <h2 id="cartilla-resultados" className={styles.count} aria-live="polite">
            {formatCount(entries.length, 'profesional', 'profesionales')}
            {origin ? ', los más cercanos primero' : ''}
          </h2>
          {entries.length === 0 ? (
            <p className={styles.empty}>{MESSAGES.cartilla.NO_RESULTS}</p>
          ) : (
            <ul className={styles.list}>
              {listed.slice(0, shown).map(({ profesional, distanceKm }) => (
                <li key={profesional.id}>
                  <ProviderCard
                    ref={(element) => {
                      if (element) cards.current.set(profesional.id, element);
                      else cards.current.delete(profesional.id);
                    }}
                    profesional={profesional}
                    distanceKm={distanceKm}
                    now={now}
                    isOpen={isAttendingAt(profesional, now)}
                    isOnCall={isOnCallAt(profesional, now)}
                    isExpanded={expandedId === profesional.id}
                    isSelected={selectedId === profesional.id}
                    onToggle={() => toggleCard(profesional.id)}
                    onShowSchedule={(kind) => setSchedule({ profesional, kind })}
                    onReport={() => setReporting(profesional)}
                  />
                </li>
              ))}
              {shown < listed.length && (
                <li ref={sentinel} className={styles.more}>
                  <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + CARDS_PER_STEP)}>
                    Mostrar más ({formatCount(listed.length - shown, 'profesional', 'profesionales')} más)
                  </Button>
                </li>
              )}
            </ul>
          )}
        </section>
        <div className={styles.mapArea}>
          <DirectoryMap
            label="Mapa de profesionales"
            markers={markers}
            selectedId={selectedId}
            onSelect={selectFromMap}
            focus={focus}
          />
        </div>
      </div>

      {renderMisReportes(listed !== NO_ENTRIES && !isOffline)}

      {isPrinting && <PrintList entries={entries} />}

      <Suspense fallback={null}>
        {schedule && (
          <ScheduleModal
            profesional={schedule.profesional}
            kind={schedule.kind}
            onClose={() => setSchedule(null)}
          />
        )}
        {reporting && renderReportModal(reporting, () => setReporting(null))}
      </Suspense>
    </div>
  );
}

/** A select whose first option means "all", with a button that puts it back there. */
function ClearableSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const select = useRef<HTMLSelectElement>(null);
  return (
    <div className={styles.clearable}>
      <Select
        ref={select}
        label={label}
        value={value}
        options={[{ value: '', label: allLabel }, ...options]}
        onChange={(event) => onChange(event.target.value)}
      />
      {value && (
        <Button
          variant="none"
          size="sm"
          className={styles.clear}
          aria-label={`Quitar el filtro de ${label.toLowerCase()}`}
          onClick={() => {
            onChange('');
            // The button goes with the filter: the focus goes back to the select.
            select.current?.focus();
          }}
        >
          <CloseIcon size={16} />
        </Button>
      )}
    </div>
  );
}

/** What 'Imprimir cartilla' prints: every provider of the filtered list with its details. */
function PrintList({ entries }: { entries: CartillaEntry[] }) {
  return (
    <ol className={styles.printList} aria-hidden="true">
      {entries.map(({ profesional: p }) => (
        <li key={p.id}>
          <strong>{p.nombre}</strong>
          {p.razonSocial ? ` · ${p.razonSocial}` : ''}
          <br />
          {[p.direccion, p.depto, p.localidad].filter(Boolean).join(' · ') || 'Sin dirección cargada'}
          {p.telefono ? ` · Tel. ${p.telefono}` : ''}
          <br />
          {specialtiesOf(p)
            .map((e) => e.nombre)
            .join(', ')}
        </li>
      ))}
    </ol>
  );
}
