"""Conv-4 backbone for few-shot learning (MaxPool, ELU, LogSoftmax head)."""
import torch.nn as nn


def conv_block(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1), nn.BatchNorm2d(cout), nn.ELU(), nn.MaxPool2d(2))


class Conv4(nn.Module):
    def __init__(self, n_way=5, ch=32):
        super().__init__()
        self.features = nn.Sequential(conv_block(1, ch), conv_block(ch, ch), conv_block(ch, ch), conv_block(ch, ch))
        self.head = nn.Linear(ch, n_way)
        self.log_softmax = nn.LogSoftmax(dim=-1)

    def forward(self, x):
        return self.log_softmax(self.head(self.features(x).flatten(1)))
