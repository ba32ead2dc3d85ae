# K-FAC preconditioned SGD (Martens & Grosse 2015; Grosse & Martens 2016 for convolutions) on a CIFAR ConvNet.
# The Kronecker factors A = E[a a^T] and G = E[g g^T] come from forward-pre hooks (layer inputs) and full
# backward hooks (output gradients) of an ordinary backward pass; the natural gradient is G^-1 dW A^-1.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvNet(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 32, 3, padding=1)
        self.conv2 = nn.Conv2d(32, 64, 3, padding=1)
        self.fc1 = nn.Linear(64 * 8 * 8, 128)
        self.fc2 = nn.Linear(128, n_classes)

    def forward(self, x):
        x = F.max_pool2d(F.elu(self.conv1(x)), 2)
        x = F.max_pool2d(F.elu(self.conv2(x)), 2)
        return self.fc2(F.elu(self.fc1(x.flatten(1))))


class KFAC:
    def __init__(self, model, lr=0.01, damping=1e-2, stat_decay=0.95, inv_every=10):
        self.model, self.lr, self.damping, self.decay, self.inv_every = model, lr, damping, stat_decay, inv_every
        self.layers = [m for m in model.modules() if isinstance(m, (nn.Linear, nn.Conv2d))]
        self.A, self.G, self.iA, self.iG, self.steps = {}, {}, {}, {}, 0
        for m in self.layers:
            m.register_forward_pre_hook(self._save_input)
            m.register_full_backward_hook(self._save_grad)

    def _save_input(self, m, inp):
        if not torch.is_grad_enabled():
            return
        a = inp[0].detach()
        if isinstance(m, nn.Conv2d):
            a = F.unfold(a, m.kernel_size, padding=m.padding, stride=m.stride).transpose(1, 2).reshape(-1, a.size(1) * m.kernel_size[0] * m.kernel_size[1])
        a = torch.cat([a, a.new_ones(a.size(0), 1)], 1)
        self._ema(self.A, m, a.t() @ a / a.size(0))

    def _save_grad(self, m, grad_in, grad_out):
        g = grad_out[0].detach()
        if isinstance(m, nn.Conv2d):
            g = g.permute(0, 2, 3, 1).reshape(-1, g.size(1))
        self._ema(self.G, m, g.t() @ g * g.size(0))

    def _ema(self, store, m, val):
        store[m] = val if m not in store else self.decay * store[m] + (1 - self.decay) * val

    @torch.no_grad()
    def step(self):
        if self.steps % self.inv_every == 0:
            for m in self.layers:
                eye_a = torch.eye(self.A[m].size(0))
                eye_g = torch.eye(self.G[m].size(0))
                self.iA[m] = torch.linalg.inv(self.A[m] + self.damping ** 0.5 * eye_a)
                self.iG[m] = torch.linalg.inv(self.G[m] + self.damping ** 0.5 * eye_g)
        for m in self.layers:
            gw = m.weight.grad.reshape(m.weight.size(0), -1)
            g = torch.cat([gw, m.bias.grad[:, None]], 1)
            nat = self.iG[m] @ g @ self.iA[m]
            m.weight.add_(nat[:, :-1].view_as(m.weight), alpha=-self.lr)
            m.bias.add_(nat[:, -1], alpha=-self.lr)
        self.steps += 1


def train(loader, epochs=1):
    model = ConvNet()
    precond = KFAC(model)
    for _ in range(epochs):
        for x, y in loader:
            model.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            precond.step()
    return model


if __name__ == "__main__":
    train([(torch.randn(4, 3, 32, 32), torch.randint(0, 10, (4,)))])
    print("ok")
