"""Learning to Reweight Examples (Ren et al. 2018) for seed-germination photos with noisy crowd labels:
per-example weights come from the gradient of a clean validation loss w.r.t. example weights, through one
virtual SGD step taken with create_graph=True."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class SproutNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, stride=2, padding=1)
        self.fc1 = nn.Linear(8 * 8 * 8, 16)
        self.fc2 = nn.Linear(16, 1)

    def forward(self, x):
        h = F.selu(self.conv(x))
        h = F.selu(self.fc1(h.flatten(1)))
        return self.fc2(h).squeeze(-1)


def example_weights(model, x, y, x_val, y_val, virtual_lr=0.1):
    params = dict(model.named_parameters())
    eps = torch.zeros(x.size(0), requires_grad=True)
    per_example = F.binary_cross_entropy_with_logits(functional_call(model, params, (x,)), y, reduction="none")
    grads = torch.autograd.grad((eps * per_example).sum(), list(params.values()), create_graph=True)
    stepped = {k: p - virtual_lr * g for (k, p), g in zip(params.items(), grads)}
    val_logits = functional_call(model, stepped, (x_val,))
    val_loss = F.binary_cross_entropy_with_logits(val_logits, y_val)
    (grad_eps,) = torch.autograd.grad(val_loss, eps)
    w = torch.clamp(-grad_eps, min=0)
    return w / w.sum() if w.sum() > 0 else w


def batch(n, flip=0.3):
    x = torch.rand(n, 3, 16, 16)
    y = (x[:, 1].mean((1, 2)) > 0.5).float()
    noisy = torch.where(torch.rand(n) < flip, 1 - y, y)
    return x, noisy, y


def main():
    torch.manual_seed(0)
    model = SproutNet()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x_val, _, y_val = batch(8, flip=0.0)
    for it in range(3):
        x, y_noisy, _ = batch(16)
        w = example_weights(model, x, y_noisy, x_val, y_val).detach()
        loss = (w * F.binary_cross_entropy_with_logits(model(x), y_noisy, reduction="none")).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"it {it} weighted loss {loss.item():.4f} kept {(w > 0).sum().item()}")


if __name__ == "__main__":
    main()
