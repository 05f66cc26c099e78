import { buildServer, serverIsStale } from '../build.mjs';
import { runAuditoriaBenchmark } from './auditoria.bench.ts';
import { runAutorizacionesBenchmark } from './autorizaciones.bench.ts';
import { runCartillaBenchmark } from './cartilla.bench.ts';
import { runCierreBenchmark } from './cierre.bench.ts';
import { runImportBenchmark } from './import.bench.ts';
import { runLoadBenchmark } from './load.bench.ts';
import { runNomencladorBenchmark } from './nomenclador.bench.ts';
import { runNotificacionesBenchmark } from './notificaciones.bench.ts';
import { runSearchBenchmark } from './search.bench.ts';
import { runStartupBenchmark } from './startup.bench.ts';
import { runTableroBenchmark } from './tablero.bench.ts';
import { runValidacionBenchmark } from './validacion.bench.ts';

/** `npm run bench -w apps/api [-- import|search|cartilla|notificaciones|load|auditoria|tablero|nomenclador|validacion|autorizaciones|cierre|startup]`: prints each figure next to its reference and goal. */
const only = process.argv[2];
// The benchmarks' servers run compiled, as `npm start` runs them.
if (serverIsStale()) await buildServer();
if (!only || only === 'import') await runImportBenchmark();
if (!only || only === 'search') await runSearchBenchmark();
if (!only || only === 'cartilla') await runCartillaBenchmark();
if (!only || only === 'notificaciones') await runNotificacionesBenchmark();
if (!only || only === 'load') await runLoadBenchmark();
if (!only || only === 'auditoria') await runAuditoriaBenchmark();
if (!only || only === 'tablero') await runTableroBenchmark();
if (!only || only === 'nomenclador') await runNomencladorBenchmark();
if (!only || only === 'validacion') await runValidacionBenchmark();
if (!only || only === 'autorizaciones') await runAutorizacionesBenchmark();
if (!only || only === 'cierre') await runCierreBenchmark();
if (!only || only === 'startup') await runStartupBenchmark();
