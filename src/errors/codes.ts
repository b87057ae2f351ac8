/**
 * Every stable `code` a Sluice error carries. Callers branch on these (`SluiceError.hasCode`,
 * `error.code === …`), so they never change between releases; the error constructors take
 * these unions, which makes a misspelt code a type error instead of a silent new code.
 */

/** Codes of `ConfigurationError`: a setup mistake, raised at construction or call start. */
export type ConfigurationErrorCode =
  /** An `Agent` constructor option is wrong. */
  | 'AGENT_INVALID_CONFIG'
  /** A `generate()` / `stream()` call option is wrong. */
  | 'AGENT_INVALID_OPTIONS'
  /** A `Memory` option (constructor `options` or a call's `memory.options`) is wrong. */
  | 'MEMORY_INVALID_CONFIG'
  /** A `Memory` was used without a `storage`. */
  | 'MEMORY_STORAGE_MISSING'
  /** A router model string needs an API key that is not in the environment. */
  | 'MODEL_API_KEY_MISSING'
  /** The provider package is installed but failed to load. */
  | 'MODEL_PROVIDER_LOAD_FAILED'
  /** The installed provider package does not export the factory the router needs. */
  | 'MODEL_PROVIDER_PACKAGE_INCOMPATIBLE'
  /** The provider package a router string needs is not installed. */
  | 'MODEL_PROVIDER_PACKAGE_MISSING'
  /** A router model id that is malformed or has an unknown provider prefix. */
  | 'MODEL_ROUTER_INVALID'
  /** A model object Sluice cannot call (unsupported specification version or shape). */
  | 'MODEL_UNSUPPORTED'
  /** Two processors of one array share an id. */
  | 'PROCESSOR_DUPLICATE_ID'
  /** A processor array (or its function's result) is not an array of processors. */
  | 'PROCESSOR_INVALID_CONFIG'
  /** A built-in processor's constructor option is wrong. */
  | 'PROCESSOR_INVALID_OPTIONS'
  /** A user-supplied pattern can backtrack super-linearly (refused with `strictPatterns: true`). */
  | 'PROCESSOR_PATTERN_NOT_LINEAR'
  /** `strictPatterns: true` needs the optional `recheck` package, which is not installed. */
  | 'PROCESSOR_PATTERN_CHECKER_MISSING'
  /** A cache backend (`InMemoryServerCache`, `RedisServerCache`) got a bad option or client. */
  | 'CACHE_INVALID_OPTIONS'
  /** A `createChatHandler` option is wrong (e.g. `resumable` without a Redis client). */
  | 'CHAT_HANDLER_INVALID_OPTIONS'
  /** A processor without an `id`. */
  | 'PROCESSOR_MISSING_ID'
  /** A processor with none of the hooks its array runs. */
  | 'PROCESSOR_NO_HOOK'
  /** A storage option is wrong (`SqliteStore` / `PostgresStore` constructor). */
  | 'STORE_INVALID_CONFIG'
  /** A store's optional driver package (`better-sqlite3`, `pg`) is not installed. */
  | 'STORE_DRIVER_MISSING'
  /** A schema converter package (e.g. `@valibot/to-json-schema`) is not installed. */
  | 'SCHEMA_CONVERTER_MISSING'
  /** A JSON Schema that cannot be compiled. */
  | 'SCHEMA_INVALID'
  /** A value that is not a schema Sluice understands. */
  | 'SCHEMA_NOT_CONVERTIBLE'
  /** `structuredOutput.model` given where only the main model may answer (a step override). */
  | 'STRUCTURED_OUTPUT_MODEL_IN_STEP'
  /** `toolChoice` names a tool the call does not have. */
  | 'TOOL_CHOICE_UNKNOWN_TOOL'
  /** A tool definition is wrong (no description, bad schema, bad name, …). */
  | 'TOOL_INVALID_CONFIG'
  /** A workflow built wrongly (`createWorkflow`, `createStep`, `.then`/`.parallel`/`.branch`/`.map`). */
  | 'WORKFLOW_INVALID_CONFIG'
  /**
   * A workflow placed where it cannot run as a processor: not committed, not built on
   * `ProcessorStepSchema`, or in `errorProcessors`.
   */
  | 'PROCESSOR_WORKFLOW_INVALID_CONFIG';

/** Codes of `ProcessorError`: a processor hook threw, or returned a value its hook does not accept. */
export type ProcessorErrorCode =
  | 'PROCESSOR_HOOK_FAILED'
  | 'PROCESSOR_INVALID_RESULT'
  /** A step of a processor workflow threw (a hook, a plain step, a `.map` or a branch condition). */
  | 'PROCESSOR_WORKFLOW_FAILED'
  /** A step of a processor workflow (or the workflow itself) produced data that is not phase data. */
  | 'PROCESSOR_WORKFLOW_INVALID_OUTPUT';

/** Codes of `ToolExecutionError`: why a tool call failed (returned to the model, not thrown). */
export type ToolErrorCode =
  | 'TOOL_INVALID_ARGS'
  | 'TOOL_EXECUTION_FAILED'
  | 'TOOL_OUTPUT_INVALID'
  | 'TOOL_NOT_FOUND'
  | 'TOOL_NOT_EXECUTABLE'
  | 'TOOL_ABORTED'
  /** The call ran past the tool's `timeoutMs`. */
  | 'TOOL_TIMEOUT';

/** Codes of `MemoryError`: a memory call named the wrong thread, resource or data. */
export type MemoryErrorCode =
  /** A call with memory lacks the thread or the resource id. */
  | 'MEMORY_IDS_MISSING'
  /** The thread belongs to another resource than the one the call named. */
  | 'MEMORY_THREAD_RESOURCE_MISMATCH'
  /** A thread that must exist (a lookup by resource, thread-scoped working memory) does not. */
  | 'MEMORY_THREAD_NOT_FOUND'
  /** A `Memory` method got arguments it cannot use. */
  | 'MEMORY_INVALID_ARGS'
  /** Semantic recall was asked for, but the memory has no embedder or vector store. */
  | 'MEMORY_SEMANTIC_RECALL_UNAVAILABLE';

/** Codes of `StorageError`: a memory store could not do what was asked (details name the store). */
export type StorageErrorCode =
  /** The store cannot be reached or opened (closed port, bad file path, bad credentials). */
  | 'STORE_UNAVAILABLE'
  /** The store was closed; create a new one. */
  | 'STORE_CLOSED'
  /** A schema migration failed; details name the version. */
  | 'STORE_MIGRATION_FAILED'
  /** A stored row cannot be decoded (bad JSON, unknown role, bad date); details name table and row id. */
  | 'STORE_CORRUPT_ROW'
  /** An argument the store cannot save or query (missing threadId, bad vector, …). */
  | 'STORE_INVALID_INPUT'
  /** `updateThread` on a thread that does not exist. */
  | 'STORE_THREAD_NOT_FOUND'
  /**
   * A write would put a message of one resource into a thread another resource owns (or claim
   * such a thread); nothing of the write is stored. Details: `threadId`, `owner`, `resourceId`.
   */
  | 'STORE_THREAD_RESOURCE_MISMATCH'
  /** A query vector whose length differs from a stored vector of the same index. */
  | 'STORE_VECTOR_DIMENSION_MISMATCH'
  /** The database rejected a statement (details keep the driver error as `cause`). */
  | 'STORE_QUERY_FAILED';

/** Codes of `BackgroundTaskError` (`sluice/background`): the task manager could not take or run a task. */
export type BackgroundTaskErrorCode =
  /** The manager is at its concurrency limit and `backpressure` is `'reject'`. */
  | 'BACKGROUND_TASK_REJECTED'
  /** A task ran past its `timeoutMs` on its last attempt. */
  | 'BACKGROUND_TASK_TIMEOUT'
  /** A task was cancelled (`manager.cancel`). */
  | 'BACKGROUND_TASK_CANCELLED'
  /** A task failed on its last attempt. */
  | 'BACKGROUND_TASK_FAILED'
  /** A task left `running` by a process that is gone (crash recovery). */
  | 'BACKGROUND_TASK_ABANDONED'
  /** A running task's lease passed and another manager recovered or took it over (this run's outcome is dropped). */
  | 'BACKGROUND_TASK_LEASE_LOST'
  /** A worker has no tool registered under the task's tool name. */
  | 'BACKGROUND_TASK_TOOL_MISSING'
  /** A task id that the store does not hold. */
  | 'BACKGROUND_TASK_NOT_FOUND'
  /** A manager option is wrong (mode without a queue, bad limit, …). */
  | 'BACKGROUND_INVALID_CONFIG'
  /** The manager was closed. */
  | 'BACKGROUND_MANAGER_CLOSED';

/** Every `code` of a `SluiceError` or one of its subclasses. (`TripWire` has its own: `'TRIPWIRE'`.) */
export type SluiceErrorCode =
  | ConfigurationErrorCode
  | ProcessorErrorCode
  | ToolErrorCode
  | MemoryErrorCode
  | StorageErrorCode
  | BackgroundTaskErrorCode
  /** `DownloadAssetsError`: an attachment could not be downloaded before the model call. */
  | 'DOWNLOAD_ASSETS_FAILED'
  /** `ProviderCallError`: the model call failed. */
  | 'PROVIDER_CALL_FAILED'
  /** An `onChunk` / `onStepFinish` / `onFinish` / `onError` / `onAbort` callback threw. */
  | 'CALLBACK_FAILED'
  /** A step has no user or assistant message to send the model. */
  | 'EMPTY_PROMPT'
  /** `DataTooDeepError`: a value nests deeper than Sluice walks or serialises. */
  | 'DATA_TOO_DEEP'
  /** `writer.custom()` got a chunk whose type does not start with `data-`. */
  | 'INVALID_CUSTOM_CHUNK'
  /** A message (or part) that cannot be turned into a stored message. */
  | 'INVALID_MESSAGE_INPUT'
  /** `MessageList.add()` got a source it does not know. */
  | 'INVALID_MESSAGE_SOURCE'
  /** A cache backend was asked for a list or counter operation on a key holding another kind of value. */
  | 'CACHE_WRONG_TYPE'
  /** `sendSignal()` got something that is not a signal. */
  | 'INVALID_SIGNAL'
  /** A system message that is neither a string nor a system message object. */
  | 'INVALID_SYSTEM_MESSAGE'
  /**
   * `ReplayMismatchError`: a replayed run (`replayModel`, `sluice/test`) sent a model request the
   * recording does not hold (a different prompt, tools or settings, or more calls than recorded).
   */
  | 'REPLAY_MISMATCH'
  /**
   * `ReplayedFailureError`: a replayed run reached a model call that failed (or was aborted) when
   * it was recorded, and fails the same way.
   */
  | 'REPLAY_RECORDED_FAILURE'
  /** `RecordingError`: a recording folder holds no readable recording, or one of an unknown version. */
  | 'REPLAY_RECORDING_INVALID'
  /** `RecordingError`: `recordTo` could not write the run's recording (nothing half-written is left). */
  | 'RECORDING_WRITE_FAILED'
  /** A `ScriptedModel` (`sluice/test`) was called more times than it has steps. */
  | 'SCRIPTED_MODEL_EXHAUSTED'
  /** `stopOnStreamCancel`: every reader of the stream cancelled, so the run stopped. */
  | 'STREAM_CANCELLED'
  /** `createChatHandler`: the request body is not a valid `useChat` request (HTTP 400). */
  | 'CHAT_REQUEST_INVALID'
  /** `createChatHandler`: the request body is larger than `maxBodyBytes` (HTTP 413). */
  | 'CHAT_REQUEST_TOO_LARGE'
  /** `replayBuffer: false`: a second stream was taken from an output that is read once. */
  | 'STREAM_NOT_REPLAYABLE'
  /** The model's structured output did not match the schema (`errorStrategy: 'strict'`). */
  | 'STRUCTURED_OUTPUT_INVALID'
  /** The structuring model (`structuredOutput.model`) failed. */
  | 'STRUCTURED_OUTPUT_MODEL_FAILED'
  /** A guardrail's check failed (helper model error, unparseable verdict) under `errorStrategy: 'strict'`. */
  | 'GUARDRAIL_CHECK_FAILED'
  /** A guardrail's check ran past its `timeoutMs` under `errorStrategy: 'strict'`. */
  | 'GUARDRAIL_TIMEOUT';
