"""Views of the tournaments app, one module per audience and concept. Views stay thin."""
