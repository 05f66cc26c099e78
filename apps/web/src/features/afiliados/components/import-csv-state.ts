import type { ImportResult, ObraSocialRef } from '@red-dental/contracts';
import { useReducer } from 'react';

/** Everything the CSV import screen remembers between renders. */
export interface ImportCsvState {
  obraSocialId: number | undefined;
  /** Insurers created from this screen, offered before the refreshed list arrives. */
  created: readonly ObraSocialRef[];
  file: File | null;
  /** Tells two choices of the same file apart, so each gets its own dry run. */
  fileKey: number;
  /** 'Dar de baja a los afiliados de esta obra social que no estén en el archivo' is ticked. */
  bajaAusentes: boolean;
  /** 'Cargar Afiliados' was pressed without an insurer or a file. */
  isMissingChoice: boolean;
  /** Share of the upload sent, from 0 to 1. */
  progress: number;
  result: ImportResult | null;
  isDialogOpen: boolean;
  failure: string | null;
}

export type ImportCsvAction =
  | { type: 'insurerChosen'; obraSocialId: number | undefined }
  | { type: 'insurerCreated'; obraSocial: ObraSocialRef }
  | { type: 'fileChosen'; file: File | null }
  | { type: 'bajaAusentesChanged'; bajaAusentes: boolean }
  | { type: 'choiceMissing' }
  | { type: 'uploadStarted' }
  | { type: 'uploadProgressed'; progress: number }
  | { type: 'uploadSucceeded'; result: ImportResult }
  | { type: 'uploadFailed'; failure: string }
  | { type: 'dialogClosed' };

export const INITIAL_IMPORT_CSV_STATE: ImportCsvState = {
  obraSocialId: undefined,
  created: [],
  file: null,
  fileKey: 0,
  bajaAusentes: false,
  isMissingChoice: false,
  progress: 0,
  result: null,
  isDialogOpen: false,
  failure: null,
};

export function importCsvReducer(state: ImportCsvState, action: ImportCsvAction): ImportCsvState {
  switch (action.type) {
    case 'insurerChosen':
      return {
        ...state,
        obraSocialId: action.obraSocialId,
        result: null,
        failure: null,
        isMissingChoice: action.obraSocialId === undefined && state.isMissingChoice,
      };
    case 'insurerCreated':
      return {
        ...state,
        created: [...state.created, action.obraSocial],
        obraSocialId: action.obraSocial.id,
        result: null,
        isMissingChoice: false,
      };
    case 'fileChosen':
      return {
        ...state,
        file: action.file,
        fileKey: state.fileKey + 1,
        result: null,
        failure: null,
        isMissingChoice: action.file === null && state.isMissingChoice,
      };
    case 'bajaAusentesChanged':
      return { ...state, bajaAusentes: action.bajaAusentes, result: null, failure: null };
    case 'choiceMissing':
      return { ...state, isMissingChoice: true };
    case 'uploadStarted':
      return { ...state, isMissingChoice: false, failure: null, result: null, progress: 0 };
    case 'uploadProgressed':
      return { ...state, progress: action.progress };
    case 'uploadSucceeded':
      // The file is in; the summary stays on screen with its rejected lines.
      return { ...state, result: action.result, isDialogOpen: true, file: null };
    case 'uploadFailed':
      return { ...state, failure: action.failure };
    case 'dialogClosed':
      return { ...state, isDialogOpen: false };
  }
}

export function useImportCsvState() {
  return useReducer(importCsvReducer, INITIAL_IMPORT_CSV_STATE);
}
