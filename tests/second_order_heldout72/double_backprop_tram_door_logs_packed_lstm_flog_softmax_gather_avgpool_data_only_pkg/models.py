import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class DoorCycleNet(nn.Module):
    def __init__(self, n_channels, hidden, n_classes):
        super().__init__()
        self.inp = nn.Linear(n_channels, hidden)
        self.rnn = nn.LSTM(hidden, hidden, batch_first=True, bidirectional=True)
        self.att = nn.Linear(2 * hidden, 1)
        self.cls = nn.Sequential(nn.Linear(2 * hidden, hidden), nn.Tanh(), nn.Linear(hidden, n_classes))

    def forward(self, x, lengths, pool_bias):
        h = torch.tanh(self.inp(x))
        packed = pack_padded_sequence(h, lengths, batch_first=True, enforce_sorted=False)
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=x.size(1))
        w = torch.softmax(self.att(out).squeeze(-1) + pool_bias, dim=1)
        return self.cls((w.unsqueeze(-1) * out).sum(1))
