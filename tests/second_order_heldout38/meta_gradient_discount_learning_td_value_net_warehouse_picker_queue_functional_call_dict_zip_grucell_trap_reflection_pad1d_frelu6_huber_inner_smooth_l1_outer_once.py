"""Meta-gradient RL (Xu et al. 2018 style) on a toy warehouse picker queue.

The discount gamma is a meta-parameter: the value net takes one TD(0) step with create_graph=True using gamma,
and the updated parameters are scored on a held-out Monte-Carlo return; d(outer)/d(gamma) flows through the
inner gradient.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call

SEQ = 8
FEAT = 3
HID = 16
INNER_LR = 0.05
META_LR = 0.01


class QueueValueNet(nn.Module):
    """Temporal conv over the recent queue lengths, a GRU cell over the summary, then a gated value head."""

    def __init__(self):
        super().__init__()
        self.conv_in = nn.Conv1d(FEAT, 8, kernel_size=3)
        self.pad = nn.ReflectionPad1d(1)
        self.conv_mid = nn.Conv1d(8, 8, kernel_size=3)
        self.cell = nn.GRUCell(8, HID)
        self.gate = nn.Linear(HID, HID)
        self.out = nn.Linear(HID, 1)

    def forward(self, history):
        h = torch.tanh(self.conv_in(history))
        h = self.conv_mid(self.pad(h))
        summary = h.mean(-1)
        state = self.cell(summary)
        gated = state * F.relu6(self.gate(state) + 3.0) / 6.0
        return self.out(gated).squeeze(-1)


def make_batch(n=32):
    hist = torch.rand(n, FEAT, SEQ + 2)
    reward = -hist[:, 0, -1] + 0.2 * hist[:, 1, -1]
    next_hist = torch.roll(hist, -1, dims=-1)
    mc_return = reward + 0.9 * (-next_hist[:, 0, -1])
    return hist, reward, next_hist, mc_return


def main():
    torch.manual_seed(1)
    net = QueueValueNet()
    names = [n for n, _ in net.named_parameters()]
    logit_gamma = torch.tensor(math.log(0.8 / 0.2), requires_grad=True)
    meta_opt = torch.optim.Adam([logit_gamma], lr=META_LR)
    base_opt = torch.optim.SGD(net.parameters(), lr=INNER_LR)

    for step in range(6):
        hist, reward, next_hist, _ = make_batch()
        gamma = torch.sigmoid(logit_gamma)
        tensors = [p for _, p in net.named_parameters()]
        params = dict(zip(names, tensors))

        v = functional_call(net, params, (hist,))
        with torch.no_grad():
            v_next = net(next_hist)
        td_target = reward + gamma * v_next
        inner = F.huber_loss(v, td_target, delta=1.0)
        grads = torch.autograd.grad(inner, tensors, create_graph=True)
        fast = dict(zip(names, [p - INNER_LR * g for p, g in zip(tensors, grads)]))

        vh, _, _, vh_ret = make_batch()
        outer = F.smooth_l1_loss(functional_call(net, fast, (vh,)), vh_ret)
        meta_opt.zero_grad()
        base_opt.zero_grad()
        outer.backward()
        meta_opt.step()
        base_opt.step()
        print(f"step {step} inner {inner.item():.4f} outer {outer.item():.4f} gamma {torch.sigmoid(logit_gamma).item():.3f}")


if __name__ == "__main__":
    main()
