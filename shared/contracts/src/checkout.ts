// Schemas and types of the checkout vertical's requests and responses (owned by that vertical).
export {};
