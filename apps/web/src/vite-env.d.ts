/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The operator's ICP filing number, shown in the footer in Chinese (zh-CN) only. */
  readonly VITE_ICP_FILING?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
