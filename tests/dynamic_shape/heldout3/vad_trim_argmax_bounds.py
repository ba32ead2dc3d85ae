"""VAD trimming: leading/trailing silence cut off at the first and last voiced frame (argmax over the voiced mask)."""
import torch
from torch import nn


class Case(nn.Module):
    def __init__(self, hop: int = 80, thresh: float = 0.1) -> None:
        super().__init__()
        self.hop = hop
        self.thresh = thresh

    def forward(self, wav: torch.Tensor):
        frames = wav.reshape(-1, self.hop)
        voiced = frames.abs().mean(-1) > self.thresh
        first = int(voiced.float().argmax())
        last = voiced.shape[0] - int(voiced.flip(0).float().argmax())
        return wav[first * self.hop: last * self.hop]  # expect: MS203 dynamic


def inputs():
    wav = torch.zeros(1600)
    wav[400:1200] = torch.randn(800)
    return (wav,)
