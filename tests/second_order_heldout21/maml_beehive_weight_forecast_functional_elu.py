# Second-order MAML (Finn et al. 2017), functional-weights style as in dragen1860/MAML-Pytorch,
# for few-shot forecasting of beehive weight curves (each apiary is a task).
import torch
from torch import nn
from torch.nn import functional as F


class Learner(nn.Module):
    def __init__(self, n_in=12, n_hid=32):
        super(Learner, self).__init__()
        self.vars = nn.ParameterList()
        for fan_in, fan_out in [(n_in, n_hid), (n_hid, n_hid), (n_hid, 1)]:
            w = nn.Parameter(torch.empty(fan_out, fan_in))
            nn.init.kaiming_normal_(w)
            self.vars.append(w)
            self.vars.append(nn.Parameter(torch.zeros(fan_out)))

    def forward(self, x, vars=None):
        if vars is None:
            vars = self.vars
        x = F.linear(x, vars[0], vars[1])
        x = F.elu(x, alpha=1.0)
        x = F.linear(x, vars[2], vars[3])
        x = F.elu(x)
        return F.linear(x, vars[4], vars[5])

    def parameters(self, recurse=True):
        return self.vars


class Meta(nn.Module):
    def __init__(self, update_lr=0.01, meta_lr=1e-3, update_step=2):
        super(Meta, self).__init__()
        self.update_lr, self.update_step = update_lr, update_step
        self.net = Learner()
        self.meta_optim = torch.optim.Adam(self.net.parameters(), lr=meta_lr)

    def forward(self, x_spt, y_spt, x_qry, y_qry):
        task_num = x_spt.size(0)
        losses_q = 0.0
        for i in range(task_num):
            fast_weights = list(self.net.parameters())
            for k in range(self.update_step):
                loss = F.mse_loss(self.net(x_spt[i], fast_weights), y_spt[i])
                grad = torch.autograd.grad(loss, fast_weights, create_graph=True)
                fast_weights = [w - self.update_lr * g for g, w in zip(grad, fast_weights)]
            losses_q = losses_q + F.mse_loss(self.net(x_qry[i], fast_weights), y_qry[i])
        loss_q = losses_q / task_num
        self.meta_optim.zero_grad()
        loss_q.backward()
        self.meta_optim.step()
        return loss_q.item()


maml = Meta()
for step in range(2):
    x_spt, y_spt = torch.randn(3, 5, 12), torch.randn(3, 5, 1)
    x_qry, y_qry = torch.randn(3, 10, 12), torch.randn(3, 10, 1)
    print(step, maml(x_spt, y_spt, x_qry, y_qry))
