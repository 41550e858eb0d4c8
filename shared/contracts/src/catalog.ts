// Schemas and types of the catalog vertical's requests and responses (owned by that vertical).
export {};
