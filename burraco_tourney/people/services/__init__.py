"""The registry's writers: every change to people and clubs passes here, in one transaction
with its entry in the registry's log (``models.RegistryEntry``)."""
