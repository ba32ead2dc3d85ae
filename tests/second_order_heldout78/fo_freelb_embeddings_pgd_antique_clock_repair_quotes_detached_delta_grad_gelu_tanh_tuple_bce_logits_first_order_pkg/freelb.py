"""FreeLB (Zhu et al., 2020): K projected-gradient ascent steps on an embedding perturbation, with the
parameter gradients of every step accumulated ("free" adversarial training). All first order."""
import torch


class FreeLB:
    def __init__(self, args):
        self.args = args

    def _init_delta(self, embeds, mask):
        a = self.args
        if a.adv_init_mag > 0:
            input_mask = mask.to(embeds)
            input_lengths = torch.sum(input_mask, 1)
            delta = torch.zeros_like(embeds).uniform_(-1, 1) * input_mask.unsqueeze(2)
            dims = input_lengths * embeds.size(-1)
            mag = a.adv_init_mag / torch.sqrt(dims)
            delta = (delta * mag.view(-1, 1, 1)).detach()
        else:
            delta = torch.zeros_like(embeds)
        return delta.requires_grad_()

    def attack(self, model, input_ids, attention_mask, labels):
        a = self.args
        delta = self._init_delta(model.get_input_embeddings()(input_ids), attention_mask)
        total = 0.0
        for astep in range(a.adv_K):
            embeds = model.get_input_embeddings()(input_ids)
            out = model(inputs_embeds=embeds + delta, attention_mask=attention_mask, labels=labels)
            loss = out.loss / a.adv_K
            total += loss.item()
            loss.backward(create_graph=a.keep_delta_graph)
            if astep == a.adv_K - 1:
                break
            delta_grad = delta.grad.clone().detach()
            denorm = torch.norm(delta_grad.view(delta_grad.size(0), -1), dim=1).view(-1, 1, 1)
            denorm = torch.clamp(denorm, min=1e-8)
            delta = (delta + a.adv_lr * delta_grad / denorm).detach()
            if a.adv_max_norm > 0:
                delta_norm = torch.norm(delta.view(delta.size(0), -1), p=2, dim=1).detach()
                exceed = (delta_norm > a.adv_max_norm).to(embeds)
                reweights = (a.adv_max_norm / delta_norm * exceed + (1 - exceed)).view(-1, 1, 1)
                delta = (delta * reweights).detach()
            delta.requires_grad_()
        return total
