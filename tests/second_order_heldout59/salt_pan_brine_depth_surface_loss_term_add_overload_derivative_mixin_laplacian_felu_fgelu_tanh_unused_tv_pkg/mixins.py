"""Mixins shared by the loss terms."""
import torch


class DerivativeMixin:
    """Input derivatives of a field; create_graph so that the result can be trained on."""

    create_graph = True

    @staticmethod
    def grad(y, x, create_graph=True):
        return torch.autograd.grad(y, x, torch.ones_like(y), create_graph=create_graph)[0]

    @classmethod
    def laplacian(cls, y, x):
        g = cls.grad(y, x, cls.create_graph)
        lap = 0.0
        for i in range(x.shape[1]):
            lap = lap + cls.grad(g[:, i:i + 1], x, cls.create_graph)[:, i:i + 1]
        return lap


class LoggingMixin:
    """Keeps the last value of every term for the progress line."""

    def record(self, value):
        self.last = float(value.detach())
        return value
