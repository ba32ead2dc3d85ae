"""Kronecker-factored curvature from layer inputs (A) and output gradients (G), captured by hooks.

Everything here is first order: the factors are outer products of activations and of the back-propagated
output gradients of an ordinary backward pass, and the preconditioning is linear algebra on .grad.
"""
import torch
import torch.nn as nn


class KFAC:
    def __init__(self, model, damping, ema):
        self.damping, self.ema = damping, ema
        self.layers = [m for m in model.modules() if isinstance(m, nn.Linear)]
        self.a, self.g, self.A, self.G = {}, {}, {}, {}
        for m in self.layers:
            m.register_forward_hook(self._save_input)
            m.register_full_backward_hook(self._save_grad_output)

    def _save_input(self, module, inputs, output):
        if torch.is_grad_enabled():
            x = inputs[0].detach()
            self.a[module] = torch.cat([x, torch.ones(x.size(0), 1)], dim=1)

    def _save_grad_output(self, module, grad_input, grad_output):
        self.g[module] = grad_output[0].detach() * grad_output[0].size(0)

    @torch.no_grad()
    def update_factors(self):
        for m in self.layers:
            a, g = self.a[m], self.g[m]
            A_new, G_new = a.t() @ a / a.size(0), g.t() @ g / g.size(0)
            self.A[m] = self.ema * self.A.get(m, A_new) + (1 - self.ema) * A_new
            self.G[m] = self.ema * self.G.get(m, G_new) + (1 - self.ema) * G_new

    @torch.no_grad()
    def precondition(self):
        for m in self.layers:
            grad = torch.cat([m.weight.grad, m.bias.grad[:, None]], dim=1)
            A = self.A[m] + self.damping * torch.eye(self.A[m].size(0))
            G = self.G[m] + self.damping * torch.eye(self.G[m].size(0))
            nat = torch.linalg.solve(G, torch.linalg.solve(A, grad.t()).t())
            m.weight.grad.copy_(nat[:, :-1])
            m.bias.grad.copy_(nat[:, -1])
