"""Negative: CTC greedy path kept dense: repeats and frames past input_lengths become blank via 3-arg where."""
import torch
from torch import nn


class Case(nn.Module):
    blank = 0

    def forward(self, log_probs: torch.Tensor, input_lengths: torch.Tensor):
        best = log_probs.argmax(-1).transpose(0, 1)
        repeat = torch.zeros_like(best, dtype=torch.bool)
        repeat[:, 1:] = best[:, 1:] == best[:, :-1]
        t = torch.arange(best.size(1))[None, :]
        in_len = t < input_lengths[:, None]
        dense_path = torch.where(repeat | ~in_len, torch.full_like(best, self.blank), best)
        emitted = (dense_path != self.blank).sum(1)
        return dense_path, emitted


def inputs():
    T, N, C = 20, 2, 6
    return torch.randn(T, N, C).log_softmax(-1), torch.tensor([20, 15])
