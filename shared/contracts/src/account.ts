// Schemas and types of the account vertical's requests and responses (owned by that vertical).
export {};
