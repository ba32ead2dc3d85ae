"""Differentiable augmentation search in the spirit of DARTS/DADA for a satellite-tile
land-cover classifier: the magnitudes of two photometric augmentations are tuned by the
validation loss after a virtual SGD step on augmented training tiles
(w' = w - xi * dL_train(w, aug(x; m))/dw), which needs the mixed second derivative d2L/dw dm."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class TileNet(nn.Module):
    def __init__(self, bands=4, n_classes=6, c=8):
        super().__init__()
        self.c1 = nn.Conv2d(bands, c, 3, padding=1)
        self.c2 = nn.Conv2d(c, 2 * c, 3, padding=1, stride=2)
        self.fc = nn.Linear(2 * c * 4, n_classes)

    def forward(self, x):
        h = F.softplus(self.c1(x))
        h = F.softplus(self.c2(h))
        h = F.adaptive_max_pool2d(h, (2, 2))
        return self.fc(h.flatten(1))


class PhotometricPolicy(nn.Module):
    def __init__(self):
        super().__init__()
        self.log_mag = nn.Parameter(torch.tensor([-1.0, -1.0]))

    def forward(self, x):
        brightness, contrast = self.log_mag.exp()
        mean = x.mean(dim=(2, 3), keepdim=True)
        x = (x - mean) * (1 + contrast * torch.randn(x.size(0), 1, 1, 1)) + mean
        return x + brightness * torch.randn(x.size(0), 1, 1, 1)


def search_step(net, policy, w_opt, a_opt, xtr, ytr, xval, yval, xi=0.05):
    params = dict(net.named_parameters())
    train_loss = F.cross_entropy(functional_call(net, params, (policy(xtr),)), ytr)
    grads = torch.autograd.grad(train_loss, tuple(params.values()), create_graph=True)
    virtual = {k: w - xi * g for (k, w), g in zip(params.items(), grads)}
    val_loss = F.cross_entropy(functional_call(net, virtual, (xval,)), yval)
    a_opt.zero_grad()
    val_loss.backward(inputs=list(policy.parameters()))
    a_opt.step()
    w_opt.zero_grad()
    F.cross_entropy(net(policy(xtr).detach()), ytr).backward()
    w_opt.step()
    return val_loss.item()


if __name__ == "__main__":
    net, policy = TileNet(), PhotometricPolicy()
    w_opt = torch.optim.SGD(net.parameters(), lr=0.025, momentum=0.9)
    a_opt = torch.optim.Adam(policy.parameters(), lr=3e-3)
    for s in range(2):
        xtr, xval = torch.randn(4, 4, 8, 8), torch.randn(4, 4, 8, 8)
        ytr, yval = torch.randint(0, 6, (4,)), torch.randint(0, 6, (4,))
        print(s, search_step(net, policy, w_opt, a_opt, xtr, ytr, xval, yval))
