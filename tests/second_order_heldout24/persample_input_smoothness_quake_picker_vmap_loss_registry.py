# Per-sample input-gradient smoothness penalty for a seismic P-wave arrival picker, computed with
# torch.func: vmap over the batch of grad(loss wrt waveform) through functional_call with a params dict.
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

LOSSES = {
    "huber": functools.partial(F.smooth_l1_loss, beta=0.5),
    "bce": F.binary_cross_entropy_with_logits,
    "mse": F.mse_loss,
}


class Picker(nn.Module):
    def __init__(self, n=48):
        super().__init__()
        self.fc1 = nn.Linear(n, 32)
        self.act = nn.PReLU()
        self.fc2 = nn.Linear(32, 1)

    def forward(self, w):
        return self.fc2(self.act(self.fc1(w))).squeeze(-1)


picker = Picker()
loss_fn = LOSSES["bce"]
opt = torch.optim.Adam(picker.parameters(), lr=1e-3)


def sample_loss(params, waveform, label):
    logit = functional_call(picker, params, (waveform.unsqueeze(0),))
    return loss_fn(logit, label.unsqueeze(0))


input_grad = vmap(grad(sample_loss, argnums=1), in_dims=(None, 0, 0))

for step in range(3):
    waves = torch.randn(8, 48)
    picks = torch.randint(0, 2, (8,)).float()
    params = dict(picker.named_parameters())
    g = input_grad(params, waves, picks)
    smooth = (g[:, 1:] - g[:, :-1]).pow(2).sum(-1).mean()
    loss = F.binary_cross_entropy_with_logits(picker(waves), picks) + 0.1 * smooth
    opt.zero_grad()
    loss.backward()
    opt.step()
