"""Generator, critic and DRAGAN penalty, registered in the package registries."""
import torch
import torch.nn as nn

from registry import (LOSSES, MODELS, build_activation_layer, build_norm_layer,
                      build_pooling_layer)


class ConvModule1d(nn.Module):
    def __init__(self, cin, cout, kernel_size=5, stride=1, norm_cfg=None, act_cfg=dict(type="ReLU")):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel_size, stride=stride, padding=kernel_size // 2)
        self.norm = build_norm_layer(norm_cfg, cout) if norm_cfg else None
        self.activate = build_activation_layer(act_cfg)

    def forward(self, x):
        x = self.conv(x)
        if self.norm is not None:
            x = self.norm(x)
        return self.activate(x)


@MODELS.register_module()
class BellowsGenerator(nn.Module):
    def __init__(self, noise_dim, length, act_cfg=dict(type="ReLU")):
        super().__init__()
        self.noise_dim, self.length = noise_dim, length
        self.fc = nn.Linear(noise_dim, 16 * (length // 4))
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2), ConvModule1d(16, 16, act_cfg=act_cfg),
            nn.Upsample(scale_factor=2), nn.Conv1d(16, 1, 5, padding=2))

    def forward(self, z):
        return self.body(self.fc(z).view(z.size(0), 16, self.length // 4))


@MODELS.register_module()
class BellowsCritic(nn.Module):
    def __init__(self, in_channels, channels, norm_cfg, act_cfg, pool_cfg):
        super().__init__()
        layers, cin = [], in_channels
        for cout in channels:
            layers.append(ConvModule1d(cin, cout, stride=2, norm_cfg=norm_cfg, act_cfg=act_cfg))
            cin = cout
        self.convs = nn.Sequential(*layers)
        self.global_pool = build_pooling_layer(pool_cfg)
        self.fc = nn.Linear(cin, 1)

    def forward(self, x):
        return self.fc(self.global_pool(self.convs(x)).flatten(1))


@LOSSES.register_module()
class DraganPenalty(nn.Module):
    """DRAGAN: penalise the critic gradient around perturbed real samples."""

    def __init__(self, loss_weight=10.0, perturb_scale=0.5):
        super().__init__()
        self.loss_weight, self.perturb_scale = loss_weight, perturb_scale

    def forward(self, critic, real):
        std = real.std(dim=(0, 2), keepdim=True)
        perturbed = real + self.perturb_scale * std * torch.rand_like(real)
        alpha = torch.rand(real.size(0), 1, 1)
        x_hat = (alpha * real + (1 - alpha) * perturbed).detach().requires_grad_(True)
        grad = torch.autograd.grad(critic(x_hat).sum(), x_hat, create_graph=True)[0]
        return self.loss_weight * ((grad.flatten(1).norm(2, dim=1) - 1) ** 2).mean()
