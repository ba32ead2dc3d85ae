"""FastSpeech LengthRegulator: each phoneme state repeated by its predicted duration, then padded."""
import torch
from torch import nn
from torch.nn.utils.rnn import pad_sequence


class Case(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.duration = nn.Linear(8, 1)

    def forward(self, enc: torch.Tensor):
        dur = torch.clamp(torch.round(self.duration(enc).squeeze(-1).exp()), min=1).long()
        expanded = [h.repeat_interleave(d, dim=0) for h, d in zip(enc, dur)]  # expect: MS201 dynamic
        return pad_sequence(expanded, batch_first=True)


def inputs():
    return (torch.randn(2, 5, 8),)
