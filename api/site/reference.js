// Renders the service's OpenAPI document with Swagger UI; everything it loads comes from this origin.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  layout: 'BaseLayout',
  deepLinking: true,
  // The default sends the document to validator.swagger.io for a badge.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  filter: true,
  showExtensions: false,
});
