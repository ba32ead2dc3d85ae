import torch.nn as nn
import torch.nn.functional as F


class StrokeRecogniser(nn.Module):
    def __init__(self, feat_dim, channels, hidden, n_symbols):
        super().__init__()
        self.conv = nn.Conv1d(feat_dim, 2 * channels, kernel_size=3, padding=1)
        self.glu = nn.GLU(dim=1)
        self.gru = nn.GRU(channels, hidden, batch_first=True)
        self.lstm = nn.LSTM(hidden, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, n_symbols)

    def forward(self, x):
        h = self.glu(self.conv(x.transpose(1, 2))).transpose(1, 2)
        h, _ = self.gru(h)
        h, _ = self.lstm(h)
        return F.log_softmax(self.out(h), dim=-1)
