/** Zod 4 schemas of the data processor workflows pass between steps (one shape per hook phase). */
export * from './schemas.js';
