"""ELECTRA pre-training on pipe-organ tuner visit notes with a zero-centred R1 penalty on the
discriminator: gamma/2 * E ||d D(x_real) / d inputs_embeds||^2 over the real token embeddings."""
import argparse
import logging

import torch

from configuration_electra_lite import GENERATOR_KWARGS, ElectraLiteConfig
from modeling_electra_lite import ElectraForMaskedLM, ElectraForPreTraining

logger = logging.getLogger("electra_r1")


def make_notes(gen, n, seq_len, vocab):
    """Stop names, pitches and 'cipher / sluggish pallet / tremulant' phrases, as token ids."""
    base = torch.randint(10, 60, (n, 1), generator=gen)
    ids = (base + torch.arange(seq_len)[None, :] * torch.randint(1, 4, (n, 1), generator=gen)) % (vocab - 10) + 10
    noise = torch.rand(n, seq_len, generator=gen) < 0.2
    ids = torch.where(noise, torch.randint(10, vocab, (n, seq_len), generator=gen), ids)
    ids[:, 0] = 1
    return ids, torch.ones_like(ids)


def mask_tokens(gen, input_ids, mask_token_id, prob=0.15):
    masked = (torch.rand(input_ids.shape, generator=gen) < prob)
    masked[:, 0] = False
    labels = input_ids.masked_fill(~masked, -100)
    return input_ids.masked_fill(masked, mask_token_id), labels, masked


def r1_penalty(discriminator, input_ids, attention_mask):
    inputs_embeds = discriminator.electra.embeddings.word_embeddings(input_ids).detach().requires_grad_(True)
    real_logits = discriminator(inputs_embeds=inputs_embeds, attention_mask=attention_mask).logits
    (grad_real,) = torch.autograd.grad(real_logits.sum(), inputs_embeds, create_graph=True)
    return grad_real.pow(2).sum(dim=[1, 2]).mean()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=4)
    parser.add_argument("--r1_gamma", type=float, default=1.0)
    parser.add_argument("--disc_weight", type=float, default=50.0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s %(message)s")
    torch.manual_seed(8)
    gen = torch.Generator().manual_seed(8)
    disc_config = ElectraLiteConfig()
    gen_config = ElectraLiteConfig(**GENERATOR_KWARGS)
    generator = ElectraForMaskedLM(gen_config)
    discriminator = ElectraForPreTraining(disc_config)
    generator.electra.embeddings.word_embeddings = discriminator.electra.embeddings.word_embeddings
    params = list(discriminator.parameters()) + [p for n, p in generator.named_parameters() if "word_embeddings" not in n]
    optimizer = torch.optim.AdamW(params, lr=5e-4)

    for step in range(args.steps):
        input_ids, attention_mask = make_notes(gen, 8, 24, disc_config.vocab_size)
        masked_ids, mlm_labels, masked = mask_tokens(gen, input_ids, disc_config.mask_token_id)
        gen_out = generator(masked_ids, attention_mask, labels=mlm_labels)
        with torch.no_grad():
            sampled = torch.distributions.Categorical(logits=gen_out.logits).sample()
            corrupted = torch.where(masked, sampled, input_ids)
            replaced = (corrupted != input_ids).long()
        disc_out = discriminator(corrupted, attention_mask, labels=replaced)
        r1 = r1_penalty(discriminator, input_ids, attention_mask)
        loss = gen_out.loss + args.disc_weight * disc_out.loss + 0.5 * args.r1_gamma * r1
        optimizer.zero_grad()
        loss.backward()
        if step == 0:
            w = discriminator.discriminator_predictions.dense_prediction.weight
            (chk,) = torch.autograd.grad(r1_penalty(discriminator.eval(), input_ids, attention_mask), w)
            discriminator.train()
            assert chk.abs().sum() > 0, "R1 should reach the discriminator weights through a double backward"
        optimizer.step()
        logger.info("step %d mlm %.4f disc %.4f r1 %.4e", step, gen_out.loss.item(), disc_out.loss.item(), r1.item())


if __name__ == "__main__":
    main()
