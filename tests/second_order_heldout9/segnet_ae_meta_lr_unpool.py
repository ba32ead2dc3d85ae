"""Meta-learned per-layer learning rates (hypergradient through a few unrolled SGD
steps, as in Meta-SGD / "learning to learn by gradient descent" baselines) for a SegNet-style denoising autoencoder with
pooling indices. The validation loss after K differentiable SGD steps is backpropagated to
the log learning rates, which differentiates the training loss twice."""
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call


class SegNetAE(nn.Module):
    def __init__(self, c=8):
        super().__init__()
        self.enc = nn.Conv2d(1, c, 3, padding=1)
        self.pool = nn.MaxPool2d(2, 2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2, 2)
        self.dec = nn.Conv2d(c, 1, 3, padding=1)

    def forward(self, x):
        h, idx = self.pool(torch.tanh(self.enc(x)))
        return self.dec(self.unpool(h, idx, output_size=x.shape[-2:]))


def train_loss(model, params, noisy, clean):
    return F.mse_loss(functional_call(model, params, (noisy,)), clean)


def main(outer_steps=2, inner_steps=2, sigma=0.3):
    model = SegNetAE()
    names = [n for n, _ in model.named_parameters()]
    log_lr = nn.ParameterDict({n.replace(".", "_"): nn.Parameter(torch.tensor(-3.0)) for n in names})
    w_opt = torch.optim.SGD(model.parameters(), lr=0.05)
    lr_opt = torch.optim.Adam(log_lr.parameters(), lr=1e-2)
    for step in range(outer_steps):
        clean_tr, clean_va = torch.rand(4, 1, 16, 16), torch.rand(4, 1, 16, 16)
        noisy_tr = clean_tr + sigma * torch.randn_like(clean_tr)
        noisy_va = clean_va + sigma * torch.randn_like(clean_va)
        fast = dict(model.named_parameters())
        for _ in range(inner_steps):
            l_tr = train_loss(model, fast, noisy_tr, clean_tr)
            grads = torch.autograd.grad(l_tr, list(fast.values()), create_graph=True)
            fast = {n: p - log_lr[n.replace(".", "_")].exp() * g for (n, p), g in zip(fast.items(), grads)}
        l_va = F.mse_loss(functional_call(model, fast, (noisy_va,)), clean_va)
        lr_opt.zero_grad()
        l_va.backward(inputs=list(log_lr.parameters()))
        lr_opt.step()
        w_opt.zero_grad()
        train_loss(model, dict(model.named_parameters()), noisy_tr, clean_tr).backward()
        w_opt.step()
        print(step, l_tr.item(), l_va.item())


if __name__ == "__main__":
    main()
