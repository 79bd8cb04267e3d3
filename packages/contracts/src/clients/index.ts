export * from './clients.js';
export * from './notes.js';
export * from './note-templates.js';
export * from './imports.js';
