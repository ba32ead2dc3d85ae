"""Adaptive feedback-cancellation filter for a hearing aid (causal 1-D conv net), trained with a
gradient-norm (flat-minimum) penalty: the loss is backpropagated with create_graph=True and the
squared norm of the parameter gradients is added to a second backward pass."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalBlock(nn.Module):
    def __init__(self, ch, k=5, dilation=1):
        super().__init__()
        self.pad = (k - 1) * dilation
        self.conv = nn.Conv1d(ch, ch, k, dilation=dilation)
        self.act = nn.PReLU(ch)

    def forward(self, x):
        y = self.conv(F.pad(x, (self.pad, 0), mode="replicate"))
        return x + self.act(y)


class Canceller(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.inp = nn.Conv1d(2, ch, 1)
        self.blocks = nn.Sequential(CausalBlock(ch, dilation=1), CausalBlock(ch, dilation=2))
        self.out = nn.Conv1d(ch, 1, 1)

    def forward(self, mic, ref):
        return self.out(self.blocks(self.inp(torch.stack([mic, ref], 1)))).squeeze(1)


model = Canceller()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
beta = 0.05
for step in range(3):
    mic, ref = torch.randn(4, 128), torch.randn(4, 128)
    clean = mic - 0.3 * ref
    opt.zero_grad()
    loss = F.mse_loss(model(mic, ref), clean)
    loss.backward(create_graph=True)
    gnorm = sum(p.grad.pow(2).sum() for p in model.parameters())
    opt.zero_grad(set_to_none=True)
    (loss + beta * gnorm).backward()
    opt.step()
