"""Conv-4 style learner for the settlement-plate few-shot notebook."""
import torch
import torch.nn as nn


def conv_block(cin, cout, act_layer=nn.ReLU):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1),
        nn.BatchNorm2d(cout, track_running_stats=False),
        act_layer(),
        nn.MaxPool2d(2),
    )


class Learner(nn.Module):
    def __init__(self, n_way, ch=16, act_layer=nn.ReLU):
        super().__init__()
        self.features = nn.Sequential(conv_block(3, ch, act_layer), conv_block(ch, ch, act_layer))
        self.head = nn.Linear(ch * 4 * 4, n_way)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


class LearnerGN(Learner):
    """GroupNorm variant (for transductive-free eval); not used in the current notebook."""

    def __init__(self, n_way, ch=16, act_layer=nn.ReLU):
        super().__init__(n_way, ch, act_layer)
        for blk in self.features:
            blk[1] = nn.GroupNorm(4, ch)
