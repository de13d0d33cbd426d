"""Answer engines: typed values from evidence, by an LLM or offline."""

from backend.answer.engine import Answer, AnswerEngine, AnswerService, Question, build_engine

__all__ = ["Answer", "AnswerEngine", "AnswerService", "Question", "build_engine"]
