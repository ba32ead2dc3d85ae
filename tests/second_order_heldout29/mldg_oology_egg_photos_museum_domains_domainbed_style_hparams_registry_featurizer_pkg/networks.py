"""Featurizers and classifiers, selected from the input shape as in DomainBed."""
import torch.nn as nn


class MLP(nn.Module):
    """For flattened colour histograms (unused for images)."""

    def __init__(self, n_inputs, n_outputs, hparams):
        super().__init__()
        layers = [nn.Linear(n_inputs, hparams["mlp_width"]), nn.SELU()]
        for _ in range(hparams["mlp_depth"] - 2):
            layers += [nn.Linear(hparams["mlp_width"], hparams["mlp_width"]), nn.SELU()]
        layers.append(nn.Linear(hparams["mlp_width"], n_outputs))
        self.net = nn.Sequential(*layers)
        self.n_outputs = n_outputs

    def forward(self, x):
        return self.net(x)


class EggCNN(nn.Module):
    """Small CNN for 3x16x16 egg-shell crops (ground colour and maculation)."""

    n_outputs = 32

    def __init__(self, input_shape, hparams):
        super().__init__()
        groups = hparams["group_norm_groups"]
        self.conv1 = nn.Conv2d(input_shape[0], 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.norm1 = nn.GroupNorm(groups, 16)
        self.norm2 = nn.GroupNorm(groups, 32)
        self.relu = nn.ReLU()
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))

    def forward(self, x):
        x = self.relu(self.norm1(self.conv1(x)))
        x = self.relu(self.norm2(self.conv2(x)))
        return self.avgpool(x).flatten(1)


def Featurizer(input_shape, hparams):
    if len(input_shape) == 1:
        return MLP(input_shape[0], hparams["mlp_width"], hparams)
    if len(input_shape) == 3:
        return EggCNN(input_shape, hparams)
    raise NotImplementedError(input_shape)


def Classifier(in_features, out_features):
    return nn.Linear(in_features, out_features)
