"""Conv-4 style backbone as in the original MAML code (BatchNorm + ReLU + max-pool blocks)."""
import torch.nn as nn


def conv_block(c_in, c_out):
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, 3, padding=1),
        nn.BatchNorm2d(c_out),
        nn.ReLU(),
        nn.MaxPool2d(2),
    )


class OutsoleConv4(nn.Module):
    def __init__(self, n_way, ch, image):
        super().__init__()
        self.blocks = nn.Sequential(conv_block(1, ch), conv_block(ch, ch), conv_block(ch, ch))
        self.head = nn.Linear(ch * (image // 8) ** 2, n_way)

    def forward(self, x):
        return self.head(self.blocks(x).flatten(1))
