"""Answer engines: typed values from evidence, by an LLM or offline, with a calibrated confidence.

Import submodules directly: ``engine`` (the contract and registry), ``service`` (retrieval, declining,
the question log), ``offline`` and ``llm`` (the engines), ``confidence``, ``extract``, ``log``, ``prompts``.
"""
