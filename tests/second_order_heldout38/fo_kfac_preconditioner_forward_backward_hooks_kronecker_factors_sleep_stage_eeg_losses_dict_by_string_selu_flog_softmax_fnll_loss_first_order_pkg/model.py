import torch.nn as nn
import torch.nn.functional as F

import config


class StageNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(config.FEATURES, config.HIDDEN)
        self.act = nn.SELU()
        self.fc2 = nn.Linear(config.HIDDEN, config.N_STAGES)

    def forward(self, x):
        return F.log_softmax(self.fc2(self.act(self.fc1(x))), dim=-1)


def nll(log_probs, target):
    return F.nll_loss(log_probs, target)


def label_smoothed(log_probs, target, eps=0.1):
    return (1 - eps) * F.nll_loss(log_probs, target) - eps * log_probs.mean()


LOSSES = {"nll": nll, "smooth": label_smoothed}
